/**
 * Decap's preview templates: the entry being edited, rendered by the same view its page template
 * renders (src/views), inside the site's layout, from the site graph (./siteGraph.ts) of every
 * entry with this one's unsaved values in place. Decap renders the template again on every
 * change, so the preview follows the editor's typing.
 */
import * as React from "react";
import { collections } from "../../../schemas";
import { pathFor, WORKS_PER_PAGE, type Route, type TemplateName } from "../../../shared/routes";
import { encodePortfolioIndex } from "../../../shared/portfolioIndex";
import { BottomArea } from "../../components/BottomArea";
import { industryCard, LinkCardGrid, serviceCard, WorkCardGrid } from "../../components/Cards";
import { ConsentBanner } from "../../components/ConsentBanner";
import { Section } from "../../components/Section";
import { Footer } from "../../layout/Footer";
import { Layout } from "../../layout/Layout";
import { Casestudy } from "../../views/Casestudy";
import { Contact } from "../../views/Contact";
import { ContentPage } from "../../views/ContentPage";
import { Country } from "../../views/Country";
import { Home } from "../../views/Home";
import { Industry } from "../../views/Industry";
import { NewHome } from "../../views/NewHome";
import { PortfolioPage } from "../../views/Portfolio";
import { Service } from "../../views/Service";
import { Work } from "../../views/Work";
import { PreviewFrame, PreviewMessage } from "./PreviewFrame";
import { HeadPreview } from "./SearchAndShare";
import { COLLECTION_NAMES, usePreviewGraph, type PreviewProps } from "./previewData";
import type { SiteGraph, Node } from "./siteGraph";

export type { PreviewProps };

/** The route of an entry in the route table, or where it will be once its slug is written. */
function routeOf(graph: SiteGraph, kind: Route["kind"], slug: string): Route {
  const found = graph
    .routes()
    .find((r) => r.slug === slug && (r.kind === kind || (kind === "page" && r.kind === "home")));
  if (found) return found;
  const template: TemplateName = kind === "home" ? "home" : kind;
  const path = kind === "page" || kind === "home" ? `/${slug}` : pathFor(kind, slug || "new");
  return {
    path,
    template,
    kind,
    slug,
    title: "",
    crumb: "",
    solidNavbar: true,
    layout: true,
    indexed: false,
  };
}

/** What the build's template for the route renders: the same view, with the graph's data. */
function PageView({ graph, route }: { graph: SiteGraph; route: Route }) {
  const crumbs = graph.crumbs(route.path);
  const entry = (type: string) => graph.node(type, route.slug);
  const page = entry("Page") as never;
  const site = graph.file("SiteSettings");
  switch (route.template) {
    case "service":
      return <Service service={entry("Service") as never} crumbs={crumbs} />;
    case "industry":
      return <Industry industry={entry("Industry") as never} crumbs={crumbs} />;
    case "work":
      return <Work work={entry("Work") as never} crumbs={crumbs} />;
    case "country":
      return <Country country={entry("Country") as never} crumbs={crumbs} />;
    case "home":
      return <Home page={page} tagline={site.tagline as string} />;
    case "page":
      return <ContentPage page={page} crumbs={crumbs} />;
    case "contact":
      return <Contact page={page} crumbs={crumbs} pathname={route.path} />;
    case "casestudy":
      return <Casestudy page={page} crumbs={crumbs} />;
    case "newHome":
      return <NewHome page={page} site={site as never} />;
    case "worksIndex": {
      const works = graph.staticQueryData().allWork as { nodes: Node[] };
      return (
        <PortfolioPage
          page={page}
          crumbs={crumbs}
          works={works.nodes.slice(0, WORKS_PER_PAGE) as never}
          index={encodePortfolioIndex(works.nodes as never)}
          listPage={{ number: 1, count: Math.max(1, Math.ceil(works.nodes.length / WORKS_PER_PAGE)) }}
          location={{ search: "" }}
          loadPage={async (n) => works.nodes.slice((n - 1) * WORKS_PER_PAGE, n * WORKS_PER_PAGE) as never}
        />
      );
    }
  }
}

/** The page inside the site's layout, as a visitor gets it (the new home page stands alone). */
function InLayout({ route, children }: { route: Route; children: React.ReactNode }) {
  if (!route.layout) return <>{children}</>;
  return (
    <Layout pathname={route.path} solidNavbar={route.solidNavbar}>
      {children}
    </Layout>
  );
}

/** The entry's card, as the lists of the site show it (/works, related work, menus' pages). */
function CardPreview({ graph, kind, slug }: { graph: SiteGraph; kind: Route["kind"]; slug: string }) {
  const node = graph.node(kind === "work" ? "Work" : kind === "service" ? "Service" : "Industry", slug);
  if (!node || !["work", "service", "industry"].includes(kind)) return null;
  return (
    <Section id="preview-card" heading="Its card in lists across the site">
      {kind === "work" ? (
        <WorkCardGrid works={[node] as never} />
      ) : (
        <LinkCardGrid items={[(kind === "service" ? serviceCard : industryCard)(node as never)]} />
      )}
    </Section>
  );
}

const KIND: Record<string, Route["kind"]> = {
  services: "service",
  industries: "industry",
  works: "work",
  countries: "country",
  pages: "page",
};

/** A preview template for one collection of content/. */
export function previewFor(name: string): React.ComponentType<PreviewProps> {
  function Preview(props: PreviewProps) {
    const { graph, error, data } = usePreviewGraph(props, name);
    if (error) {
      return (
        <PreviewMessage>
          The preview could not load the site&apos;s other entries ({String(error)}). Your changes are not
          affected.
        </PreviewMessage>
      );
    }
    if (!graph) return <PreviewMessage>Loading the preview…</PreviewMessage>;
    return (
      <PreviewFrame document={props.document} graph={graph} resetKey={data}>
        <PreviewBody graph={graph} name={name} data={data} />
      </PreviewFrame>
    );
  }
  Preview.displayName = `Preview(${name})`;
  return Preview;
}

function firstMenuService(graph: SiteGraph): string | undefined {
  type Menu = { services: { columns: { groups: { items: { slug: string }[] }[] }[] } };
  const { columns } = (graph.file("Navigation") as unknown as Menu).services;
  return (
    columns.flatMap((c) => c.groups).flatMap((g) => g.items)[0]?.slug ??
    (graph.all("Service")[0]?.slug as string)
  );
}

function PreviewBody({
  graph,
  name,
  data,
}: {
  graph: SiteGraph;
  name: string;
  data: Record<string, unknown>;
}) {
  const slug = typeof data.slug === "string" ? data.slug : "";
  if (name in collections) {
    const route = routeOf(graph, KIND[name], slug);
    return (
      <InLayout route={route}>
        <PageView graph={graph} route={route} />
        <HeadPreview graph={graph} route={route} data={data} />
        <CardPreview graph={graph} kind={KIND[name]} slug={slug} />
      </InLayout>
    );
  }
  if (name === "footer") return <Footer />;
  if (name === "navigation") {
    // The menus on the page of the Services menu's first service, which also shows the
    // consultation buttons and the closing band this file words.
    const route = routeOf(graph, "service", firstMenuService(graph) ?? "");
    return (
      <InLayout route={route}>
        <PageView graph={graph} route={route} />
      </InLayout>
    );
  }
  // Site settings: the home page (name, tagline, contact details, social links) with the consent
  // banner as visitors from the consent regions first see it.
  const route = routeOf(graph, "home", "home");
  const site = graph.file("SiteSettings") as {
    consentBanner: React.ComponentProps<typeof ConsentBanner>["copy"];
  };
  return (
    <>
      <InLayout route={route}>
        <PageView graph={graph} route={route} />
        <HeadPreview graph={graph} route={route} data={{}} />
      </InLayout>
      <BottomArea>
        <ConsentBanner copy={site.consentBanner} onChoose={() => {}} />
      </BottomArea>
    </>
  );
}

/** Registers a preview template for every collection of the CMS config. */
export function registerPreviews(cms: { registerPreviewTemplate(name: string, component: never): void }) {
  for (const name of COLLECTION_NAMES) cms.registerPreviewTemplate(name, previewFor(name) as never);
}
