/**
 * On a narrow screen ProLayout's header opens the side menu with a bare `<span onClick>` around a menu icon: no button
 * role, no name, no keyboard. The same toggle on a wide screen goes through ProLayout's `collapsedButtonRender`, which
 * the app layout uses to make it a named button with its state and keys (core/layout/app-layout.tsx). This step sends
 * the narrow screen's toggle through the same prop, so a keyboard or a screen reader can open the menu at any width
 * (WCAG 2.1.1, 4.1.2). With no `collapsedButtonRender` the header is the library's.
 */
import { libraryModuleRewrites } from './library-module-rewrites.ts';

const TOGGLE_START =
  'children: [isMobile && /*#__PURE__*/_jsx("span", {\n      className: "".concat(baseClassName, "-collapsed-button ")';
const TOGGLE_END = 'children: /*#__PURE__*/_jsx(MenuOutlined, {})\n    }), isMobile && renderLogo(';
const RENDER_TOGGLE =
  'function __renderToggle(render, collapsed, dom) { return typeof render === "function" ? render(collapsed, dom) : dom; }\n';

/** ProLayout's GlobalHeader with its narrow-screen toggle drawn through `props.collapsedButtonRender`. */
export function mobileToggleSource(source: string): string {
  for (const piece of [TOGGLE_START, TOGGLE_END])
    if (source.split(piece).length !== 2) throw new Error(`"${piece.split('\n')[0]}…" not found once`);
  if (!source.includes('var GlobalHeader = function GlobalHeader(props) {'))
    throw new Error('GlobalHeader no longer receives `props`');
  return (
    RENDER_TOGGLE +
    source
      .replace(
        TOGGLE_START,
        TOGGLE_START.replace(
          'isMobile && ',
          'isMobile && __renderToggle(props.collapsedButtonRender, collapsed, ',
        ),
      )
      .replace(TOGGLE_END, TOGGLE_END.replace('\n    }), isMobile', '\n    })), isMobile'))
  );
}

export function proLayoutMobileToggle() {
  return libraryModuleRewrites('portal-pro-layout-mobile-toggle', [
    { module: '@ant-design/pro-layout/es/components/GlobalHeader/index.js', rewrite: mobileToggleSource },
  ]);
}
