import { translateValidation, type ValidationMessageKey } from '@core';
import { validateBrandColour } from '@contract/rules/colour';
import { ColorPicker, Input } from 'antd';
import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { BrandingEditorStore, ColourSlot } from '../stores/branding-editor-store';

/**
 * One brand colour: antd's picker (its trigger is a labelled button with the colour's swatch) and the hex field,
 * which shows exactly what is typed and says what is wrong with it (the contract's rule, the server's message).
 */
export const ColourField = observer(function ColourField({
  store,
  slot,
  hintKey,
}: {
  store: BrandingEditorStore;
  slot: ColourSlot;
  hintKey?: string;
}) {
  const { t } = useTranslation('branding');
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  const label = t(`colours.${slot}`);
  const invalid = store.isInvalid(slot);
  const problem = invalid ? (validateBrandColour(store.colours[slot]) as ValidationMessageKey | null) : null;
  const swatch = store.preview[slot];
  const describedBy =
    [hintKey ? hintId : null, problem ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="branding-colour">
      <label className="branding-colour__label" htmlFor={inputId}>
        {t('colours.hex', { label })}
      </label>
      <div className="branding-colour__controls">
        <ColorPicker
          value={swatch}
          disabledAlpha={false}
          onChange={(colour) => store.setColour(slot, colour.toHexString().toUpperCase())}
        >
          <button
            type="button"
            className="branding-colour__swatch"
            aria-label={t('colours.pick', { label: label.toLowerCase() })}
            style={{ background: swatch }}
          />
        </ColorPicker>
        <Input
          id={inputId}
          className="branding-colour__hex"
          // A hex colour reads left to right in every language: `#f5a623`, never `f5a623#`.
          dir="ltr"
          value={store.colours[slot]}
          maxLength={9}
          spellCheck={false}
          autoComplete="off"
          status={invalid ? 'error' : undefined}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => store.setColour(slot, event.target.value)}
        />
      </div>
      {hintKey && (
        <p id={hintId} className="branding-hint">
          {t(hintKey)}
        </p>
      )}
      {problem && (
        <p id={errorId} className="branding-error" role="alert">
          {translateValidation(t, problem)}
        </p>
      )}
    </div>
  );
});
