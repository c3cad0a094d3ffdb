"""Shared set-up of the end-to-end language server tests: the binary, a started client."""
import os
import pathlib

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = os.environ.get("LUASCREEN_BIN", str(ROOT / ".build" / "debug" / "luascreen"))


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BIN] if BIN.endswith(".sh") else [BIN, "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(capabilities=client_capabilities("neovim")))
    yield
    await lsp_client.shutdown_session()
