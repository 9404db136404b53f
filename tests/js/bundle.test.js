// The bundles Streamlit serves (game_tree_lab/dist/, pyproject.toml's asset_dir) are what
// scripts/build_js.mjs makes of the sources now: a source edited without `make bundle` after
// it fails here, naming the stale file.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { COMPONENTS, bundle } from "../../scripts/build_js.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

for (const name of COMPONENTS) {
  test(`the ${name} bundle is built from its sources as they are`, async () => {
    const fresh = await bundle(name);
    const served = await readdir(path.join(ROOT, "game_tree_lab", "dist", name));
    assert.deepEqual(served.sort(), Object.keys(fresh).map((f) => path.basename(f)).sort());
    for (const [rel, text] of Object.entries(fresh)) {
      const kept = await readFile(path.join(ROOT, rel), "utf8");
      assert.ok(kept === text, `${rel} is older than its sources: run \`make bundle\``);
    }
  });
}
