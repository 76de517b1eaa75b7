/**
 * Stands in for undici's SIMD build of its HTTP/1.1 parser (lib/llhttp/llhttp_simd-wasm.js) in
 * the desktop bundle; main-bundle-options.ts aliases the path here. undici tries the SIMD build
 * first and, when it does not compile, uses the portable build it ships beside it, which runs on
 * every processor. Both are 72 KB of base64; one is enough for responses of a few kilobytes.
 * This is not a module WebAssembly can compile, so undici takes the portable one at once.
 */
const notWebAssembly = new Uint8Array(0);
export default notWebAssembly;
