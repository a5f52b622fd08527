// The packages the server bundle leaves in node_modules, each loading files of its own from there:
// PGlite its WebAssembly and data, resvg its native binding, satori its layout WebAssembly, tinypool
// its thread entry. Read by build.mjs and by the image's pruning (.docker/prune-runtime.mjs), so a new
// external reaches the Docker image too (docs/decisions/059-a-lean-image-proved-in-ci.md).
export const externalPackages = ['@electric-sql/pglite', '@resvg/resvg-js', 'satori', 'tinypool'];
