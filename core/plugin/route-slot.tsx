import { observer } from 'mobx-react-lite';
import { AreaTabs } from '../ui/area-tabs/area-tabs';
import type { RouteSlotName } from './route-slots';
import { useSlotLinks } from './use-slot-links';

export interface RouteSlotProps {
  name: RouteSlotName;
  /** The navigation's accessible name, in the host page's language (`t('nav.label')`). */
  label: string;
}

/**
 * The tabs of a named slot: every enabled route attached to it (`attachTo`), labelled from the contributing
 * plugin's texts, without the routes the user's role rules deny. With fewer than two entries there is nothing to
 * switch between, so it renders nothing. Drawn as core's area tabs (core/ui/area-tabs), the same in every area.
 * @example <RouteSlot name="user-area" label={t('nav.label')} />
 */
export const RouteSlot = observer(function RouteSlot({ name, label }: RouteSlotProps) {
  // Contributors' texts may not be loaded yet on a page of another plugin: wait rather than show keys.
  const links = useSlotLinks(name);
  if (!links || links.length < 2) return null;
  return <AreaTabs label={label} tabs={links.map(({ key, path, label }) => ({ key, to: path, label }))} />;
});
