import { theme } from 'antd';
import { useId } from 'react';

export interface MeterMark {
  /** Where on the meter, as a share of its maximum (0.8). */
  at: number;
  label: string;
}

/**
 * How much of something is used: a labelled `meter` (its value, maximum and the sentence a screen reader reads) drawn
 * as antd's Progress line looks (a rounded 8 px bar on a light trail; antd's component itself would add 5.8 KiB gzip
 * to the subscription page's first paint, measured), and optional marks (80 %, 100 %) drawn on the bar and named
 * under it. The bar turns orange (antd's orange-7, 3.9:1 on white) at the first mark and the error colour at the
 * last; the sentence says the same in words.
 */
export function UsageMeter({
  label,
  value,
  max,
  valueText,
  marks = [],
  hint,
}: {
  label: string;
  value: number;
  max: number;
  valueText: string;
  marks?: MeterMark[];
  /** A sentence under the meter that says what the marks mean, or until when the meter runs. */
  hint?: string;
}) {
  const { token } = theme.useToken();
  const labelId = useId();
  const hintId = useId();
  const share = max > 0 ? Math.min(1, value / max) : 0;
  const reached = marks.filter((mark) => share >= mark.at);
  const colour =
    marks.length > 0 && reached.length === marks.length
      ? token.colorError
      : reached.length > 0
        ? token['orange-7']
        : token.colorPrimary;
  return (
    <div className="billing-meter">
      <div className="billing-meter__head">
        <span id={labelId} className="billing-meter__label">
          {label}
        </span>
        <span className="billing-meter__value">{valueText}</span>
      </div>
      <div
        role="meter"
        aria-labelledby={labelId}
        aria-describedby={hint ? hintId : undefined}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.min(value, max)}
        aria-valuetext={valueText}
        className="billing-meter__bar"
      >
        <div className="billing-meter__trail" aria-hidden="true">
          <div
            className="billing-meter__fill"
            style={{ inlineSize: `${share * 100}%`, background: colour }}
          />
        </div>
        {marks.map((mark) => (
          <span
            key={mark.at}
            className="billing-meter__mark"
            style={{ insetInlineStart: `${mark.at * 100}%` }}
            aria-hidden="true"
          />
        ))}
      </div>
      {marks.length > 0 && (
        <div className="billing-meter__marks" aria-hidden="true">
          {marks.map((mark) => (
            <span key={mark.at} style={{ insetInlineStart: `${mark.at * 100}%` }}>
              {mark.label}
            </span>
          ))}
        </div>
      )}
      {hint && (
        <p id={hintId} className="billing-meter__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
