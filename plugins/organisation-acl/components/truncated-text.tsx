import { Tooltip } from 'antd';

/**
 * A cell text shortened by `shorten`, with the full text on hover (tooltip) and for screen readers (the shortened
 * copy is hidden from them). Text that needs no shortening renders as it is.
 */
export function TruncatedText({ text, shorten }: { text: string; shorten: (text: string) => string }) {
  const short = shorten(text);
  if (short === text) return <span className="org-truncated">{text}</span>;
  return (
    <Tooltip title={text}>
      <span className="org-truncated" data-full-text={text}>
        <span aria-hidden="true">{short}</span>
        <span className="portal-visually-hidden">{text}</span>
      </span>
    </Tooltip>
  );
}
