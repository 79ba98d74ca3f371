import * as React from "react";

/** The props Decap hands a widget's control that this wrapper reads; the rest pass through. */
export interface ControlProps {
  value?: unknown;
  onChange: (value: unknown, ...rest: unknown[]) => void;
  [prop: string]: unknown;
}

interface Typed {
  /** What the editor last typed, while the field has focus. */
  typed?: { value: unknown };
}

/**
 * A Decap control whose field shows what the editor typed for as long as it has focus, and the
 * stored value otherwise (ADR 0003, "no key lost").
 *
 * Decap's controls are controlled inputs fed from its store. In the seconds after an entry's
 * images arrive, Decap's form re-renders the field with a new key's value in a later commit than
 * the key's own (react-redux 7 in a React 18 concurrent root), and React, which puts a controlled
 * input back to its last rendered value at the end of each input event, then takes the key back:
 * on a slow or busy computer, keys were lost. Here the key's value is this component's own state,
 * rendered in the key's own commit, so nothing is put back; the store still gets every change.
 *
 * A class, as Decap expects of a control: it reads `isValid` and `shouldComponentUpdate` off the
 * instance. `isValid` is the wrapped control's (a number's range, checked before a save);
 * `shouldComponentUpdate` is not defined, so Decap's default applies. The wrapper is an element
 * with `display: contents`: it adds no box, only a place to see focus enter and leave the control.
 */
export function keepTyped(Control: React.ComponentClass<ControlProps>): React.ComponentClass<ControlProps> {
  return class KeptTyped extends React.Component<ControlProps, Typed> {
    static displayName = `KeptTyped(${Control.displayName ?? Control.name ?? "Control"})`;

    state: Typed = {};

    private focused = false;

    private control: (React.Component<ControlProps> & { isValid?: () => unknown }) | null = null;

    private readonly holdControl = (control: React.Component<ControlProps> | null) => {
      this.control = control;
    };

    /** Decap asks the control it holds whether its value may be saved: the wrapped control answers. */
    readonly isValid = (): unknown => this.control?.isValid?.() ?? true;

    private readonly change = (value: unknown, ...rest: unknown[]) => {
      if (this.focused) this.setState({ typed: { value } });
      this.props.onChange(value, ...rest);
    };

    private readonly focus = () => {
      this.focused = true;
    };

    private readonly blur = (event: React.FocusEvent<HTMLElement>) => {
      if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
      this.focused = false;
      this.setState({ typed: undefined });
    };

    render() {
      const value = this.state.typed ? this.state.typed.value : this.props.value;
      return (
        <div style={{ display: "contents" }} onFocus={this.focus} onBlur={this.blur}>
          <Control {...this.props} ref={this.holdControl} value={value} onChange={this.change} />
        </div>
      );
    }
  };
}
