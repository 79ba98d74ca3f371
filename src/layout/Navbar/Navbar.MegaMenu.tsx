import * as React from "react";
import { deferHydration } from "../../components/Deferred";
import { Icon } from "../../components/Icon";
import type { MenuGroup, MenuItem } from "../../lib/menuData";
import { Columns, GroupTitle, LinkList, Panel, PanelSection } from "./Navbar.styles";

function Items({
  items,
  icons,
  onLinkClick,
}: {
  items: MenuItem[];
  icons: boolean;
  onLinkClick: () => void;
}) {
  return (
    <LinkList>
      {items.map((item) => (
        <li key={item.key}>
          {/* A plain anchor (cheap to hydrate); gatsby-plugin-catch-links navigates client-side. */}
          <a href={item.route} onClick={onLinkClick}>
            {icons && item.icon && <Icon name={item.icon} size={20} />}
            {item.title}
          </a>
        </li>
      ))}
    </LinkList>
  );
}

export interface MegaMenuProps {
  id: string;
  open: boolean;
  onLinkClick: () => void;
}

/**
 * A menu's links: hydrated once a visitor reaches for the page (ADR 0017), so opening a menu only
 * shows its panel; until then they are plain links in the HTML.
 */
const ServiceLinks = deferHydration(function ServiceLinks({
  columns,
  onLinkClick,
}: {
  columns: MenuGroup[][];
  onLinkClick: () => void;
}) {
  return (
    <Columns>
      {columns.map((groups, i) => (
        <div key={i}>
          {groups.map((group) => (
            <div key={group.title}>
              <GroupTitle>{group.title}</GroupTitle>
              <Items items={group.data} icons={group.icons} onLinkClick={onLinkClick} />
            </div>
          ))}
        </div>
      ))}
    </Columns>
  );
}, "ServiceLinks");

/** Services: four columns of groups (1, 1, 2 and 2). Always in the HTML; hidden when closed. */
export function ServicesMenu({ columns, ...props }: MegaMenuProps & { columns: MenuGroup[][] }) {
  return (
    <Panel id={props.id} hidden={!props.open}>
      <ServiceLinks columns={columns} onLinkClick={props.onLinkClick} />
    </Panel>
  );
}

interface IndustryLists {
  sector: MenuItem[][];
  ai: MenuItem[][];
  titles: { sector: string; ai: string };
}

const IndustryLinks = deferHydration(function IndustryLinks({
  sector,
  ai,
  titles,
  onLinkClick,
}: IndustryLists & { onLinkClick: () => void }) {
  return (
    <>
      {(
        [
          [titles.sector, sector, true],
          [titles.ai, ai, false],
        ] as const
      ).map(([title, columns, icons]) => (
        <PanelSection key={title}>
          <GroupTitle>{title}</GroupTitle>
          <Columns>
            {columns.map((items, i) => (
              <div key={i}>
                <Items items={items} icons={icons} onLinkClick={onLinkClick} />
              </div>
            ))}
          </Columns>
        </PanelSection>
      ))}
    </>
  );
}, "IndustryLinks");

/** Industries: the sector icon grid (columns of six) and the AI industries in four columns. */
export function IndustriesMenu({ sector, ai, titles, ...props }: MegaMenuProps & IndustryLists) {
  return (
    <Panel id={props.id} hidden={!props.open}>
      <IndustryLinks sector={sector} ai={ai} titles={titles} onLinkClick={props.onLinkClick} />
    </Panel>
  );
}
