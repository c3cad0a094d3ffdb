/*
 * Automatically generated file; DO NOT EDIT.
 * Router firmware 2.1 configuration
 */
#define CONFIG_SCHED_FAIR 1
#define CONFIG_MODULES 1
#define CONFIG_NET 1
#define CONFIG_MEM_BASE 0x80000000
