/**
 * Icons come from one sprite (issue 19): each icon of app/components/ui/icons.tsx is lucide-react's drawing, the sprite
 * has a symbol for each, and no page draws lucide's paths inline any more.
 */
import fs from "node:fs";
import path from "node:path";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import * as lucide from "lucide-react";
import { describe, expect, it } from "vitest";
import * as icons from "~/components/ui/icons";
import { iconSprite, loader } from "~/routes/icons[.]svg";

const root = path.resolve(__dirname, "../..");
type AnyIcon = ComponentType<Record<string, unknown>>;
const lucideComponents = lucide as unknown as Record<string, AnyIcon>;
const ourIcons = Object.entries(icons).filter(([name]) => /^[A-Z]/.test(name) && !["LUCIDE_VERSION"].includes(name)) as [string, AnyIcon][];

describe("the icon sprite", () => {
  it("is drawn from the installed lucide-react", () => {
    const installed = JSON.parse(fs.readFileSync(path.join(root, "node_modules/lucide-react/package.json"), "utf8")) as { version: string };
    expect(icons.LUCIDE_VERSION).toBe(installed.version);
  });

  it("names each icon as lucide does and holds lucide's drawing for it", () => {
    expect(ourIcons.length).toBeGreaterThan(50);
    const sprite = iconSprite();
    for (const [name, Icon] of ourIcons) {
      const original = renderToStaticMarkup(createElement(lucideComponents[name], { className: "size-4" }));
      const ours = renderToStaticMarkup(createElement(Icon, { className: "size-4" }));
      const id = /class="lucide lucide-([a-z0-9-]+)[ "]/.exec(original)![1];
      expect(ours, name).toContain(`class="lucide lucide-${id} size-4"`);
      expect(ours, name).toContain(`<use href="${icons.iconSpriteHref()}#${id}"></use>`);
      expect(ours, name).toContain('aria-hidden="true"');
      const drawing = original.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
      expect(sprite, name).toContain(`<symbol id="${id}" viewBox="0 0 24 24">${drawing}</symbol>`);
    }
  });

  it("keeps lucide's props: size, stroke width, colour and a label instead of aria-hidden", () => {
    const markup = renderToStaticMarkup(createElement(icons.Mail as AnyIcon, { size: 16, strokeWidth: 3, color: "red", "aria-label": "Mail" }));
    expect(markup).toMatch(/width="16" height="16"/);
    expect(markup).toContain('stroke="red"');
    expect(markup).toContain('stroke-width="3"');
    expect(markup).toContain('aria-label="Mail"');
    expect(markup).not.toContain("aria-hidden");
  });

  it("is served as SVG, cached for a year", async () => {
    const response = loader();
    expect(response.headers.get("Content-Type")).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toBe(iconSprite());
  });

  it("is where every screen's icons come from: nothing else imports lucide-react's drawings", () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && /from "lucide-react"/.test(fs.readFileSync(file, "utf8"))) offenders.push(path.relative(root, file));
      }
    };
    walk(path.join(root, "app"));
    expect(offenders.sort()).toEqual(["app/components/ui/icons.tsx", "app/routes/icons[.]svg.tsx"]);
  });
});
