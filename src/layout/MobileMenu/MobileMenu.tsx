import * as React from "react";
import { Link } from "gatsby";
import { ConsultationLink } from "../../components/Consultation";
import { SearchMenuButton } from "../../components/Search";
import { SocialLinks } from "../../components/SocialLinks";
import { useDialogFocusTrap } from "../../hooks/useDialogFocusTrap";
import { useSiteSettings } from "../../hooks/useSiteSettings";
import { isGroup, topLevelEntries, type MenuItem, type NavigationInput } from "../../lib/menuData";
import { initialMobileMenu, mobileMenuReducer } from "./MobileMenu.state";
import { telHref } from "../../lib/phone";
import { Body, Bottom, CrumbButton, Dialog, IconButton, Panel, Top } from "./MobileMenu.styles";
import { CloseIcon } from "../../components/Icon";
import { deferHydration } from "../../components/Deferred";

export interface MobileMenuProps {
  open: boolean;
  /** The menu has hydrated: from now on React opens it (before, the browser does). */
  onLive: () => void;
  /** The dialog was opened before the page hydrated (by the browser, see below). */
  onOpen: () => void;
  onClose: () => void;
  navigation: NavigationInput;
}

/** The dialog's id: the hamburger names it (`commandfor`), so the browser can open it alone. */
export const MOBILE_MENU_ID = "mobile-menu";

const Arrow = () => <span aria-hidden="true">›</span>;

/**
 * The phone and tablet menu: a native modal <dialog> (focus stays inside, the page behind is
 * inert, Escape closes, focus returns to the hamburger) that drills down level by level.
 *
 * Before the page has hydrated, and with JavaScript off, the browser runs it alone: the hamburger
 * opens it with an invoker command (`command="show-modal"`), the close button and the backdrop
 * close it (`command="close"`, `closedby="any"`), and the static HTML holds its first level, where
 * Services and Industries open in place (<details>) and Portfolio leads to /works. Once hydrated,
 * React takes over: a dialog the browser opened becomes the drill-down at its first level. The
 * browser opens it after hydration too (the hamburger's tap shows it at once, and `open` follows
 * after that frame: src/layout/Navbar), so a tap waits for the dialog's showing, not a render.
 * While the menu is closed it keeps the static first level the page came with: a closed dialog
 * is not laid out, and taking it out at hydration cost every page a commit of a few hundred
 * nodes on the phone's CPU (ADR 0017).
 */
function MobileMenuDialog({ open, onLive, onOpen, onClose, navigation }: MobileMenuProps) {
  const site = useSiteSettings();
  const dialog = React.useRef<HTMLDialogElement>(null);
  const heading = React.useRef<HTMLHeadingElement>(null);
  const [state, dispatch] = React.useReducer(mobileMenuReducer, initialMobileMenu);
  /** The browser opened the dialog before React was there; React has not taken it over yet. */
  const openedBeforeHydration = React.useRef(false);
  /** Focus was in the static first level when React took the open menu over. */
  const refocus = React.useRef(false);
  useDialogFocusTrap(dialog);

  React.useEffect(() => {
    const el = dialog.current;
    onLive();
    if (el?.open) {
      openedBeforeHydration.current = true;
      refocus.current = el.querySelector("ul")?.contains(document.activeElement) ?? false;
      onOpen();
    }
    // Mount only: what the browser did before React was there.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  React.useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open) {
      openedBeforeHydration.current = false;
      dispatch({ type: "open" });
      if (!el.open) el.showModal();
      document.documentElement.style.overflow = "hidden";
    } else if (el.open && !openedBeforeHydration.current) {
      el.close();
    }
  }, [open]);

  const onDialogClose = () => {
    document.documentElement.style.overflow = "";
    dispatch({ type: "close" });
    onClose();
  };

  // After drilling in or out, move focus to the new level's heading so it is announced (and
  // when the static first level the visitor was in gave way to the drill-down).
  const depth = state.stack.length;
  React.useEffect(() => {
    if (state.open && (depth > 0 || refocus.current)) heading.current?.focus();
    refocus.current = false;
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

  // The first level as the browser runs it alone (before hydration, without JavaScript).
  const staticList = entries.map((e) =>
    e.sublist.length === 0 || e.route ? (
      link({ key: e.key, title: e.title, route: e.route ?? "/" })
    ) : (
      <li key={e.key}>
        <details>
          <summary>{e.title}</summary>
          <ul>
            {e.sublist.map((child) =>
              isGroup(child) ? (
                <li key={child.title}>
                  <details>
                    <summary>{child.title}</summary>
                    <ul>{child.data.map(link)}</ul>
                  </details>
                </li>
              ) : (
                link(child)
              ),
            )}
          </ul>
        </details>
      </li>
    ),
  );

  return (
    // The click handler only catches clicks on the backdrop (the dialog element itself);
    // keyboard users close the dialog with Escape or the Close button.
    <Dialog
      ref={dialog}
      id={MOBILE_MENU_ID}
      aria-label="Menu"
      closedby="any"
      onClose={onDialogClose}
      onClick={(event) => {
        if (event.target === dialog.current) close();
      }}
    >
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
          {/* Before hydration the browser closes the menu by the invoker command; once
              hydrated, React does, and cancels the browser's (which would close it a second
              time: Chromium warns "A command attempted to close an already closed Dialog"). */}
          <IconButton
            type="button"
            aria-label="Close menu"
            command="close"
            commandfor={MOBILE_MENU_ID}
            onClick={(event) => {
              event.preventDefault();
              close();
            }}
          >
            <CloseIcon />
          </IconButton>
        </Top>
        <Body>
          <h2 ref={heading} tabIndex={-1}>
            {title}
          </h2>
          <ul>{state.open ? list : staticList}</ul>
          {!entry && <SearchMenuButton onChoose={close} />}
        </Body>
        <Bottom>
          <a href={telHref(site.phone)}>{site.phone}</a>
          <SocialLinks socials={site.socials} siteName={site.name} />
          <ConsultationLink onClick={close} />
        </Bottom>
      </Panel>
    </Dialog>
  );
}

/**
 * Hydrated once a visitor reaches for the page (ADR 0017): until then the browser runs the static
 * dialog alone, as described above. Its props keep their identity while the page lives.
 */
export const MobileMenu = deferHydration(MobileMenuDialog, "MobileMenu");
