// ESLint for the tree canvas's browser modules (game_tree_lab/tree_canvas) and their node
// tests (tests/js). `make lint` runs it after `npm ci`.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["game_tree_lab/dist/"] }, // the bundles scripts/build_js.mjs makes of the sources
  js.configs.recommended,
  {
    files: ["game_tree_lab/**/*.js"],
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: globals.browser },
    rules: {
      "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }],
      eqeqeq: ["error", "always"],
      "no-var": "error",
      "prefer-const": "error",
    },
  },
  {
    files: ["tests/js/**/*.js", "scripts/**/*.mjs", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: globals.node },
  },
];
