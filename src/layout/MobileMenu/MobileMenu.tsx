import * as React from "react";
import { Link } from "gatsby";
import { ConsultationLink } from "../../components/Consultation";
import { SearchMenuButton } from "../../components/Search";
import { SocialLinks } from "../../components/SocialLinks";
import { useDialogFocusTrap } from "../../hooks/useDialogFocusTrap";
import { useSiteSettings } from "../../hooks/useSiteSettings";
import { isGroup, topLevelEntries, type MenuItem, type NavigationInput } from "../../lib/menuData";
import { initialMobileMenu, mobileMenuReducer } from "../../lib/mobileMenu";
import { telHref } from "../../lib/phone";
import { Body, Bottom, CrumbButton, Dialog, IconButton, Panel, Top } from "./MobileMenu.styles";
import { CloseIcon } from "../../components/Icon";

export interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  navigation: NavigationInput;
}

const Arrow = () => <span aria-hidden="true">›</span>;

/**
 * The phone and tablet menu: a native modal <dialog> (focus stays inside, the page behind is
 * inert, Escape closes, focus returns to the hamburger) that drills down level by level.
 */
export function MobileMenu({ open, onClose, navigation }: MobileMenuProps) {
  const site = useSiteSettings();
  const dialog = React.useRef<HTMLDialogElement>(null);
  const heading = React.useRef<HTMLHeadingElement>(null);
  const [state, dispatch] = React.useReducer(mobileMenuReducer, initialMobileMenu);
  useDialogFocusTrap(dialog);

  React.useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) {
      dispatch({ type: "open" });
      el.showModal();
      document.documentElement.style.overflow = "hidden";
    } else if (!open && el.open) {
      el.close();
    }
  }, [open]);

  const onDialogClose = () => {
    document.documentElement.style.overflow = "";
    dispatch({ type: "close" });
    onClose();
  };

  // After drilling in or out, move focus to the new level's heading so it is announced.
  const depth = state.stack.length;
  React.useEffect(() => {
    if (state.open && depth > 0) heading.current?.focus();
  }, [depth, state.open]);

  const entries = topLevelEntries(navigation);
  const [first, second] = state.stack;
  const entry = entries.find((e) => e.key === first);
  const group = entry?.sublist.find((g) => isGroup(g) && g.title === second);

  const close = () => dialog.current?.close();
  const link = (item: MenuItem) => (
    <li key={item.key}>
      <Link to={item.route} onClick={close} aria-label={item.name}>
        {item.title}
      </Link>
    </li>
  );

  let title = "Menu";
  let list: React.ReactNode;
  if (!entry) {
    list = entries.map((e) =>
      e.sublist.length > 0 ? (
        <li key={e.key}>
          <button type="button" onClick={() => dispatch({ type: "drill", key: e.key })}>
            {e.title}
            <Arrow />
          </button>
        </li>
      ) : (
        link({ key: e.key, title: e.title, route: e.route ?? "/" })
      ),
    );
  } else if (group && isGroup(group)) {
    title = group.title;
    list = group.data.map(link);
  } else {
    title = entry.title;
    list = (
      <>
        {entry.route && link({ key: "all", title: `All ${entry.title.toLowerCase()}`, route: entry.route })}
        {entry.sublist.map((child) =>
          isGroup(child) ? (
            <li key={child.title}>
              <button type="button" onClick={() => dispatch({ type: "drill", key: child.title })}>
                {child.title}
                <Arrow />
              </button>
            </li>
          ) : (
            link(child)
          ),
        )}
      </>
    );
  }

  const trail = [entry?.title, group && isGroup(group) ? group.title : undefined].filter(Boolean) as string[];

  return (
    // The click handler only catches clicks on the backdrop (the dialog element itself);
    // keyboard users close the dialog with Escape or the Close button.
    <Dialog
      ref={dialog}
      aria-label="Menu"
      onClose={onDialogClose}
      onClick={(event) => {
        if (event.target === dialog.current) close();
      }}
    >
      {state.open && (
        <Panel>
          <Top>
            <nav aria-label="Menu levels">
              <ol>
                <li>
                  {trail.length > 0 ? (
                    <CrumbButton type="button" onClick={() => dispatch({ type: "home" })}>
                      Home
                    </CrumbButton>
                  ) : (
                    <span aria-current="location">Home</span>
                  )}
                </li>
                {trail.map((t, i) => (
                  <li key={t}>
                    {i < trail.length - 1 ? (
                      <CrumbButton type="button" onClick={() => dispatch({ type: "back" })}>
                        {t}
                      </CrumbButton>
                    ) : (
                      <span aria-current="location">{t}</span>
                    )}
                  </li>
                ))}
              </ol>
            </nav>
            <IconButton type="button" aria-label="Close menu" onClick={close}>
              <CloseIcon />
            </IconButton>
          </Top>
          <Body>
            <h2 ref={heading} tabIndex={-1}>
              {title}
            </h2>
            <ul>{list}</ul>
            {!entry && <SearchMenuButton onChoose={close} />}
          </Body>
          <Bottom>
            <a href={telHref(site.phone)}>{site.phone}</a>
            <SocialLinks socials={site.socials} siteName={site.name} />
            <ConsultationLink onClick={close} />
          </Bottom>
        </Panel>
      )}
    </Dialog>
  );
}
