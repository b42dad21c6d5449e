// A component's hints (layout `components`): its own entry over the entry of a pattern that
// matches its name, `*` standing for any text (`expedition_*`); `{*}` in the pattern's
// strings becomes the text the `*` matched, so one entry serves every expedition.
const cache = new WeakMap();  // layout -> Map(name -> hints)

export function hintsFor(layout, name) {
  const components = (layout && layout.components) || {};
  let byName = cache.get(components);
  if (!byName) cache.set(components, byName = new Map());
  if (!byName.has(name)) byName.set(name, resolve(components, name));
  return byName.get(name);
}

function resolve(components, name) {
  let merged = {};
  for (const [pattern, hints] of Object.entries(components)) {
    if (!pattern.includes("*") || !hints || typeof hints !== "object") continue;
    const match = patternRegex(pattern).exec(name);
    if (match) merged = { ...merged, ...fill(hints, match[1]) };
  }
  const own = components[name];
  return own && typeof own === "object" ? { ...merged, ...own } : merged;
}

function patternRegex(pattern) {
  const [before, after] = pattern.split("*", 2).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${before}(.*)${after}$`);
}

// A copy of the hints with "{*}" in every string replaced by the matched text.
function fill(value, star) {
  if (typeof value === "string") return value.replaceAll("{*}", star);
  if (Array.isArray(value)) return value.map((v) => fill(v, star));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [fill(k, star), fill(v, star)]));
  }
  return value;
}
