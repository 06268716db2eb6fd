// A module remote is used through its exposes only; Rsbuild needs an entry, and this is it (build/rsbuild.ts).
export {};
