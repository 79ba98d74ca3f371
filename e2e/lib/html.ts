import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { baseUrl } from "./browser";

/**
 * A named chunk's script files, from the build's chunk map (chunk name to the files webpack
 * wrote), e.g. "consultation-modal" (src/layout/Layout/Layout.ConsultationModal.tsx names it).
 */
export function chunkFiles(name: string): string[] {
  const file = path.resolve(__dirname, "../../public/chunk-map.json");
  const chunkMap = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string[]>;
  const files = (chunkMap[name] ?? []).filter((f) => f.endsWith(".js"));
  assert.ok(files.length > 0, `no ${name} chunk in public/chunk-map.json: ${Object.keys(chunkMap)}`);
  return files;
}

/** The static HTML of a built page, as a crawler without JavaScript receives it. */
export async function staticHtml(path: string): Promise<string> {
  const response = await fetch(`${baseUrl()}${path}`);
  if (!response.ok) throw new Error(`${path}: status ${response.status}`);
  return response.text();
}

export const headOf = (html: string): string => html.slice(html.indexOf("<head"), html.indexOf("</head>"));

export const decode = (s: string): string =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** Attributes of every tag with the given name in the markup, e.g. tags(head, "meta"). */
export function tags(markup: string, name: string): Record<string, string>[] {
  return [...markup.matchAll(new RegExp(`<${name}\\b([^>]*)>`, "g"))].map((m) =>
    Object.fromEntries([...m[1].matchAll(/([a-zA-Z:-]+)="([^"]*)"/g)].map((a) => [a[1], decode(a[2])])),
  );
}

/** The content of the first <meta> whose property or name is `key`. */
export const metaContent = (head: string, key: string): string | undefined =>
  tags(head, "meta").find((t) => t.property === key || t.name === key)?.content;

/** Every JSON-LD block, parsed (a parse error fails the test that reads it). */
export const jsonLdBlocks = (head: string): unknown[] =>
  [...head.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]),
  );

/** The site's absolute URL mapped onto the local server, to fetch what a crawler would. */
export const local = (absolute: string, siteUrl: string): string => absolute.replace(siteUrl, baseUrl());
