// Required first by the tools that load parsers compiled to JavaScript outside the repository: the
// generated modules `require('kaitai-struct/KaitaiStream')`, which must resolve to the runtime in this
// repository's node_modules (as NODE_PATH would).
"use strict";
const path = require("path");
const Module = require("module");

const repoModules = path.resolve(__dirname, "..", "node_modules");
const nodePath = (process.env.NODE_PATH || "").split(path.delimiter).filter(Boolean);
if (!nodePath.includes(repoModules)) {
  process.env.NODE_PATH = [repoModules, ...nodePath].join(path.delimiter);
  Module._initPaths();
}
