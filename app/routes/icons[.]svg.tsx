/**
 * GET /icons.svg: the icons' sprite (app/components/ui/icons.tsx): one <symbol> per icon, drawn by lucide-react itself,
 * built once per process. The page asks for it under a versioned address, so it is cached for a year (issue 19).
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import * as lucide from "lucide-react";
import { iconIds } from "~/components/ui/icons";

let sprite: string | null = null;

/** The sprite's text: the inside of each lucide <svg>, as a <symbol> named by its id (lucide's class lucide-<id>). */
export function iconSprite(): string {
  if (sprite !== null) return sprite;
  const components = lucide as unknown as Record<string, unknown>;
  const symbols: string[] = [];
  for (const id of iconIds()) {
    const name = id.replace(/(^|-)([a-z0-9])/g, (_match, _dash, letter: string) => letter.toUpperCase());
    const component = components[name] ?? findByClass(components, id);
    if (!component) throw new Error(`lucide-react has no icon ${id}`);
    const markup = renderToStaticMarkup(createElement(component as Parameters<typeof createElement>[0]));
    const inside = markup.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
    symbols.push(`<symbol id="${id}" viewBox="0 0 24 24">${inside}</symbol>`);
  }
  sprite = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>`;
  return sprite;
}

/** An icon whose lucide name is not its id in PascalCase (aliases): the one whose first class is lucide-<id>. */
function findByClass(components: Record<string, unknown>, id: string): unknown {
  for (const [name, component] of Object.entries(components)) {
    if (!/^[A-Z]/.test(name) || name.endsWith("Icon") || name.startsWith("Lucide")) continue;
    try {
      const markup = renderToStaticMarkup(createElement(component as Parameters<typeof createElement>[0]));
      if (new RegExp(`class="lucide lucide-${id}[ "]`).test(markup)) return component;
    } catch {
      // Not an icon.
    }
  }
  return undefined;
}

export function loader() {
  return new Response(iconSprite(), {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "public, max-age=31536000, immutable" },
  });
}
