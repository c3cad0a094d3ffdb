#!/bin/bash
# scripts/bench-data/layers_compare.sh BINARY: instructions (callgrind Ir) of check, test and explore
# (see "Layers (issue 22)" in the history of BENCHMARKS.md: git log -p BENCHMARKS.md); run in a folder holding s10k.lua, sel_test.lua, books.lua.
# instructions (callgrind) of three commands for a binary
bin=$1
ir() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | grep -oE "Collected : [0-9]+" | grep -oE "[0-9]+"; }
echo "check10k $(ir $bin check s10k.lua --max-memory 1G --max-instructions 1000000000)"
echo "test20kselect $(ir $bin test sel_test.lua --max-memory 1G --max-instructions 1000000000)"
echo "explore_books $(ir $bin explore books.lua --seed 1 --walks 20 --steps 50)"
echo "version $(ir $bin --version)"
