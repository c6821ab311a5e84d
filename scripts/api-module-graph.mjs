// README's diagram of the API's modules, drawn from apps/api/module-graph.cjs (decision 0026):
// `node scripts/api-module-graph.mjs` writes it between README's api-module-graph markers;
// scripts/test/api-walls.test.ts checks that README has the current one.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const START = "<!-- api-module-graph:start (node scripts/api-module-graph.mjs) -->";
const END = "<!-- api-module-graph:end -->";

const id = (name) => name.replace(/[^a-z0-9]/g, "_");

/** The Mermaid block: each layer a box above the one it builds on; same-layer edges; exceptions dashed. */
export function mermaidOf(graph) {
  const lines = ["```mermaid", "flowchart BT"];
  for (const layer of graph.layers) {
    lines.push(`  subgraph layer_${id(layer.name)}["${layer.name}"]`);
    lines.push(`    ${layer.modules.map((module) => `${id(module)}["${module}"]`).join("\n    ")}`);
    lines.push("  end");
  }
  graph.layers.slice(1).forEach((layer, index) => {
    lines.push(`  layer_${id(layer.name)} --> layer_${id(graph.layers[index].name)}`);
  });
  for (const [from, to] of graph.sameLayer) lines.push(`  ${id(from)} --> ${id(to)}`);
  for (const { from, to } of graph.knownUpward) lines.push(`  ${id(from)} -. exception .-> ${id(to)}`);
  lines.push("```");
  return lines.join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const graph = createRequire(import.meta.url)(path.join(root, "apps/api/module-graph.cjs"));
  const file = path.join(root, "README.md");
  const readme = readFileSync(file, "utf8");
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START} ... ${END}`);
  writeFileSync(file, `${readme.slice(0, start + START.length)}\n${mermaidOf(graph)}\n${readme.slice(end)}`);
}
