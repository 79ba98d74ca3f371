/**
 * What a preview renders from: the entries the backend holds (loaded once per opened entry), the
 * entry being edited in place of its saved version, and its images through Decap's asset lookup,
 * as one site graph (./siteGraph.ts). The templates (./templates.tsx) render views from it.
 */
import * as React from "react";
import { collections, singletons } from "../../../schemas";
import { previewImageData, useImageSizes } from "./images";
import { SiteGraph, type PreviewContent } from "./siteGraph";

/** An Immutable.js value as Decap holds it (entries, collections, fields). */
interface Immutable {
  get(key: string): unknown;
  toJS?(): unknown;
}

type Asset = { url?: string; toString(): string } | undefined;

/** The props Decap gives a preview template (decap-cms-core's PreviewTemplateComponentProps). */
export interface PreviewProps {
  entry: Immutable;
  collection: Immutable;
  document: Document;
  getAsset: (path: string, field?: unknown) => Asset;
  getCollection: (name: string, slug?: string) => Promise<Immutable[]>;
  /** Decap passes its store's state and the asset lookup for any collection to previews too. */
  boundGetAsset?: (collection: unknown, entry: unknown) => (path: string, field?: unknown) => Asset;
  state?: { collections?: Immutable & { valueSeq?(): Iterable<Immutable> } };
}

const plain = (value: unknown): unknown =>
  value && typeof (value as Immutable).toJS === "function" ? (value as Immutable).toJS!() : value;

export const COLLECTION_NAMES = [...Object.keys(collections), ...Object.keys(singletons)] as const;

/**
 * Every entry the backend holds (the live branch), loaded once per opened entry, one collection
 * after the other: decap-server's git mode serves one request at a time and gives up on those
 * that wait more than 3 s (a collection that fails is asked for once more), and GitHub's API
 * prefers fewer requests at once too.
 */
function useStoredContent(getCollection: PreviewProps["getCollection"]) {
  const [state, setState] = React.useState<{ content?: PreviewContent; error?: unknown }>({});
  // Decap hands the preview a new getCollection on every render (each keystroke): the stored
  // entries are read once per preview, with the latest function, not restarted by each render.
  const latest = React.useRef(getCollection);
  latest.current = getCollection;
  React.useEffect(() => {
    let live = true;
    const read = (name: string) => latest.current(name);
    (async () => {
      const byName: Record<string, Record<string, unknown>[]> = {};
      for (const name of COLLECTION_NAMES) {
        const entries = await read(name).catch(() => read(name));
        byName[name] = entries.map((e) => plain(e.get("data")) as Record<string, unknown>);
      }
      return Object.fromEntries(
        COLLECTION_NAMES.map((name) => [name, name in singletons ? (byName[name][0] ?? null) : byName[name]]),
      ) as unknown as PreviewContent;
    })().then(
      (content) => live && setState({ content }),
      (error: unknown) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/** The stored content with the entry being edited in place of its saved version (or added, when new). */
function withEntry(
  content: PreviewContent,
  collection: string,
  savedSlug: string,
  data: Record<string, unknown>,
) {
  if (collection in singletons) return { ...content, [collection]: data };
  const list = content[collection as keyof typeof collections] ?? [];
  return {
    ...content,
    [collection]: [...list.filter((e) => !savedSlug || e.slug !== savedSlug), data],
  };
}

/** Image fields of the CMS config whose public folder (works, pages) starts an image path. */
function imageFieldFor(collection: Immutable, folder: string): unknown {
  const walk = (fields: unknown): unknown => {
    for (const field of (fields as Iterable<Immutable> | undefined) ?? []) {
      if (field.get("widget") === "image" && field.get("public_folder") === folder) return field;
      const nested =
        walk(field.get("fields")) ?? (field.get("field") ? walk([field.get("field")]) : undefined);
      if (nested) return nested;
    }
    return undefined;
  };
  return walk(collection.get("fields"));
}

/**
 * The image for a path below content/images, through Decap's getAsset: the entry's own images as
 * the editor picks them; other entries' (a related case study's cover) through their collection.
 */
function assetFor(props: PreviewProps, path: string): Asset {
  const folder = path.split("/")[0];
  const own = imageFieldFor(props.collection, folder);
  if (own) return props.getAsset(path, own);
  const others = props.state?.collections?.valueSeq?.() ?? [];
  const owner = [...others].find((c) => imageFieldFor(c, folder));
  return owner && props.boundGetAsset
    ? props.boundGetAsset(owner, props.entry)(path, imageFieldFor(owner, folder))
    : props.getAsset(path);
}

/**
 * Images as the views read them. Asking Decap for an image it has not loaded yet changes its store
 * (the image is loading), which re-renders the editor's form and the preview at once; on a slow
 * computer that cost keys typed meanwhile. Measured with the CPU slowed 4x while a 47-key headline
 * was typed (e2e/cms-workflow.test.ts), the first full preview asking for the related case
 * studies' covers: one to three keys lost in 4 of 4 runs when it asked while rendering, in 1 of 4
 * when it asked just after; none in 10 runs when it asked only once still, or not at all. So the
 * preview asks for the images it has not asked for yet once it has been still (no change, no
 * render) for ASK_WHEN_STILL_MS, never while rendering, and shows them from the next render on,
 * as it shows a loading image until then.
 */
const ASK_WHEN_STILL_MS = 1000;

function useImageResolver(props: PreviewProps) {
  const sizeOf = useImageSizes();
  const asked = React.useRef(new Set<string>());
  const toAsk = React.useRef(new Set<string>());
  const latest = React.useRef(props);
  latest.current = props;
  const [, askedMore] = React.useReducer((n: number) => n + 1, 0);
  React.useEffect(() => {
    if (!toAsk.current.size) return;
    const ask = setTimeout(() => {
      for (const path of toAsk.current) {
        asked.current.add(path);
        assetFor(latest.current, path);
      }
      toAsk.current.clear();
      askedMore();
    }, ASK_WHEN_STILL_MS);
    return () => clearTimeout(ask);
  });
  return (path: string) => {
    if (!asked.current.has(path)) {
      toAsk.current.add(path);
      return null;
    }
    const asset = assetFor(props, path);
    const url = asset ? String(asset.url ?? asset) : "";
    return url ? previewImageData(url, sizeOf(url)) : null;
  };
}

/** The site graph for this render: stored entries, this entry's current values, its images. */
export function usePreviewGraph(props: PreviewProps, name: string) {
  const stored = useStoredContent(props.getCollection);
  const images = useImageResolver(props);
  const data = plain(props.entry.get("data")) as Record<string, unknown>;
  const savedSlug = String(props.entry.get("slug") ?? "");
  const graph = stored.content
    ? new SiteGraph(withEntry(stored.content, name, savedSlug, data), images)
    : null;
  return { graph, error: stored.error, data };
}
