import type { GatsbyNode } from "gatsby";
import type { Industry, Work } from "../../schemas";
import {
  industriesForService,
  moreWork,
  neighbours,
  worksForIndustry,
  worksForService,
} from "../lib/relations";

type Ctx = {
  nodeModel: { findAll: (q: { type: string }) => Promise<{ entries: Iterable<unknown> }> };
};

const all = async <T>(context: Ctx, type: string): Promise<T[]> =>
  [...(await context.nodeModel.findAll({ type })).entries] as T[];

export const createResolvers: GatsbyNode["createResolvers"] = ({ createResolvers: create }) => {
  create({
    Service: {
      relatedWorks: {
        resolve: async (source: { slug: string }, _args: unknown, context: Ctx) =>
          worksForService(await all<Work>(context, "Work"), source.slug),
      },
      relatedIndustries: {
        resolve: async (source: { slug: string }, _args: unknown, context: Ctx) =>
          industriesForService(
            await all<Industry>(context, "Industry"),
            await all<Work>(context, "Work"),
            source.slug,
          ),
      },
    },
    Industry: {
      relatedWorks: {
        resolve: async (source: { slug: string }, _args: unknown, context: Ctx) =>
          worksForIndustry(await all<Work>(context, "Work"), source.slug),
      },
    },
    Work: {
      moreWork: {
        resolve: async (source: { slug: string }, _args: unknown, context: Ctx) =>
          moreWork(await all<Work>(context, "Work"), source.slug, 3),
      },
      previous: {
        resolve: async (source: { slug: string }, _args: unknown, context: Ctx) =>
          neighbours(await all<Work>(context, "Work"), source.slug).previous ?? null,
      },
      next: {
        resolve: async (source: { slug: string }, _args: unknown, context: Ctx) =>
          neighbours(await all<Work>(context, "Work"), source.slug).next ?? null,
      },
    },
  });
};
