// The imports of wasm/abi/cli.c (the DAT commands' host: print, open, read, close, same_file,
// write_file), declared to Emscripten so that the standalone module imports them from "env" as
// acp_host_*. Declarations only: no JavaScript of this file is in the build (there is no glue);
// wasm/acphys.mjs binds each import to Acphys.host's function of the same name.
mergeInto(LibraryManager.library, {
  acp_host_print: function () {},
  acp_host_open: function () {},
  acp_host_read: function () {},
  acp_host_close: function () {},
  acp_host_same_file: function () {},
  acp_host_write_file: function () {},
});
