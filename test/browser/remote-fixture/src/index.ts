// A remote is used through its exposes only; the entry exists because Rsbuild needs one.
export {};
