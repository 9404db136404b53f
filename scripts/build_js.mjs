// Bundles each component's ES modules and style sheets (game_tree_lab/NAME/index.js and
// index.css, with what they import) into one module and one sheet in game_tree_lab/dist/NAME/,
// the asset_dir Streamlit serves (pyproject.toml): on a first visit the browser then fetches
// two files per component instead of one per module, each after the one that imports it
// (issue 20). `make bundle` runs it after an edit of the sources; tests/js/bundle.test.js
// fails while a bundle is older than its sources.
import { build } from "esbuild";
import { writeFile, mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import path from "node:path";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const COMPONENTS = ["tree_canvas", "board", "plain_text"];
const BANNER = "built by `make bundle` (scripts/build_js.mjs) from game_tree_lab/";

// Every file of one component's bundle: { "dist/NAME/index.js": text, ... }, in memory.
export async function bundle(name) {
  const out = {};
  for (const file of ["index.js", "index.css"]) {
    const kind = file.endsWith(".js") ? "js" : "css";
    const result = await build({
      entryPoints: [path.join(ROOT, "game_tree_lab", name, file)],
      bundle: true,
      minify: true,
      format: kind === "js" ? "esm" : undefined,
      target: kind === "js" ? "es2022" : undefined,
      banner: { [kind]: `/* ${BANNER}${name}/; do not edit */` },
      legalComments: "none",
      charset: "utf8",
      write: false,
      outfile: path.join(ROOT, "game_tree_lab", "dist", name, file),
      logLevel: "silent",
    });
    for (const f of result.outputFiles) out[path.relative(ROOT, f.path)] = f.text;
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const name of COMPONENTS) {
    for (const [rel, text] of Object.entries(await bundle(name))) {
      await mkdir(path.dirname(path.join(ROOT, rel)), { recursive: true });
      await writeFile(path.join(ROOT, rel), text);
      console.log(`${rel}  ${(text.length / 1024).toFixed(1)} KB`);
    }
  }
}
