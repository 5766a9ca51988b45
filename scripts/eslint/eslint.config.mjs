// The JavaScript linter of `make lint` (ESLint, pinned in package-lock.json beside
// this file; the Makefile installs it with `npm ci`). It checks the site's own
// scripts: the page side (_static/*.js) and the live runtime (live/*.js), and the tests of
// their pure parts under Node (tests/js/*.js).
// The rules are written out (no plugin, nothing imported): ESLint's recommended
// checks that find real mistakes, plus the habits these files follow.
const rules = {
  "constructor-super": "error",
  "for-direction": "error",
  "getter-return": "error",
  "no-async-promise-executor": "error",
  "no-case-declarations": "error",
  "no-class-assign": "error",
  "no-compare-neg-zero": "error",
  "no-cond-assign": "error",
  "no-const-assign": "error",
  "no-constant-condition": ["error", { checkLoops: false }],
  "no-debugger": "error",
  "no-dupe-args": "error",
  "no-dupe-else-if": "error",
  "no-dupe-keys": "error",
  "no-duplicate-case": "error",
  "no-empty-pattern": "error",
  "no-ex-assign": "error",
  "no-fallthrough": "error",
  "no-func-assign": "error",
  "no-global-assign": "error",
  "no-import-assign": "error",
  "no-inner-declarations": "error",
  "no-invalid-regexp": "error",
  "no-loss-of-precision": "error",
  "no-misleading-character-class": "error",
  "no-new-native-nonconstructor": "error",
  "no-obj-calls": "error",
  "no-prototype-builtins": "error",
  "no-redeclare": "error",
  "no-self-assign": "error",
  "no-self-compare": "error",
  "no-setter-return": "error",
  "no-shadow-restricted-names": "error",
  "no-sparse-arrays": "error",
  "no-this-before-super": "error",
  "no-undef": "error",
  "no-unreachable": "error",
  "no-unsafe-finally": "error",
  "no-unsafe-negation": "error",
  "no-unsafe-optional-chaining": "error",
  "no-unused-labels": "error",
  "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }],
  "no-use-before-define": ["error", { functions: false, variables: false }],
  "no-useless-backreference": "error",
  "no-with": "error",
  "require-yield": "error",
  "use-isnan": "error",
  "valid-typeof": "error",
  eqeqeq: ["error", "always", { null: "ignore" }],
  "no-eval": "error",
  "no-implied-eval": "error",

};

const common = {
  self: "readonly", console: "readonly", performance: "readonly", URL: "readonly",
  Blob: "readonly", Response: "readonly", Request: "readonly", Headers: "readonly",
  fetch: "readonly", caches: "readonly", Promise: "readonly", JSON: "readonly",
  DecompressionStream: "readonly", CompressionStream: "readonly", TextEncoder: "readonly",
  TextDecoder: "readonly", Uint8Array: "readonly", Uint32Array: "readonly",
  ArrayBuffer: "readonly", Math: "readonly", Object: "readonly", Array: "readonly",
  String: "readonly", Number: "readonly", Error: "readonly", Date: "readonly",
  setTimeout: "readonly", clearTimeout: "readonly", encodeURIComponent: "readonly",
  decodeURIComponent: "readonly", WebAssembly: "readonly", navigator: "readonly",
};

export default [
  {
    files: ["_static/**/*.js", "live/gz-loader.js", "live/cells.js", "tests/browser/*.js"],
    languageOptions: {
      ecmaVersion: 2020,
      sourceType: "script",
      globals: {
        ...common, window: "readonly", document: "readonly", history: "readonly",
        Worker: "readonly", MutationObserver: "readonly", location: "readonly",
      },
    },
    rules,
  },
  {
    files: ["live/worker.js"],
    languageOptions: {
      ecmaVersion: 2020,
      sourceType: "script",
      globals: { ...common, importScripts: "readonly", __PACKAGES__: "readonly",
        __GZIPPED__: "readonly", __CACHE__: "readonly" },
    },
    rules,
  },
  {
    files: ["live/sw.js"],
    languageOptions: {
      ecmaVersion: 2020,
      sourceType: "script",
      globals: { ...common, clients: "readonly", __PRECACHE__: "readonly", __OFFLINE__: "readonly",
        rbCache: "readonly" },
    },
    rules,
  },
  {
    // The pure parts the page or the service worker share with Node's test runner: a classic
    // script that is also a module there (module.exports when module exists).
    files: ["_static/rb-link.js", "live/sw-cache.js"],
    languageOptions: { globals: { module: "readonly" } },
  },
  {
    // Their tests (node --test tests/js/).
    files: ["tests/js/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "commonjs",
      globals: { ...common, require: "readonly", module: "writable", __dirname: "readonly" },
    },
    rules,
  },
];
