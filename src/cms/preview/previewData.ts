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
function useImageResolver(props: PreviewProps) {
  const sizeOf = useImageSizes();
  return (path: string) => {
    const folder = path.split("/")[0];
    const own = imageFieldFor(props.collection, folder);
    let asset: Asset;
    if (own) asset = props.getAsset(path, own);
    else {
      const others = props.state?.collections?.valueSeq?.() ?? [];
      const owner = [...others].find((c) => imageFieldFor(c, folder));
      asset =
        owner && props.boundGetAsset
          ? props.boundGetAsset(owner, props.entry)(path, imageFieldFor(owner, folder))
          : props.getAsset(path);
    }
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
