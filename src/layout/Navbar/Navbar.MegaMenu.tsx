import * as React from "react";
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

/** Services: four columns of groups (1, 1, 2 and 2). Always in the HTML; hidden when closed. */
export function ServicesMenu({ columns, ...props }: MegaMenuProps & { columns: MenuGroup[][] }) {
  return (
    <Panel id={props.id} hidden={!props.open}>
      <Columns>
        {columns.map((groups, i) => (
          <div key={i}>
            {groups.map((group) => (
              <div key={group.title}>
                <GroupTitle>{group.title}</GroupTitle>
                <Items items={group.data} icons={group.icons} onLinkClick={props.onLinkClick} />
              </div>
            ))}
          </div>
        ))}
      </Columns>
    </Panel>
  );
}

/** Industries: the sector icon grid (columns of six) and the AI industries in four columns. */
export function IndustriesMenu({
  sector,
  ai,
  titles,
  ...props
}: MegaMenuProps & { sector: MenuItem[][]; ai: MenuItem[][]; titles: { sector: string; ai: string } }) {
  return (
    <Panel id={props.id} hidden={!props.open}>
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
                <Items items={items} icons={icons} onLinkClick={props.onLinkClick} />
              </div>
            ))}
          </Columns>
        </PanelSection>
      ))}
    </Panel>
  );
}
