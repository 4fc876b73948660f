// Types for wasm/acphys.mjs as TypeScript resolves an .mjs import (it looks for .d.mts): the
// declarations live in acphys.d.ts.
export * from './acphys';
