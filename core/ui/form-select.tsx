import { Select, type SelectProps } from 'antd';

/**
 * antd's `Select` as the control of a `Form.Item` whose rule makes it required. antd 5's Form.Item gives its control
 * `aria-required`, and Select puts it on its outer box, which has no role: axe refuses it (aria-allowed-attr,
 * ant-design/ant-design#46030, fixed in antd 6). This Select leaves that attribute out; the label's required mark
 * and the rule's message stay as antd draws them.
 * @example <Form.Item name="role" label={t('invite.role')} rules={rules.role}><FormSelect options={roles} /></Form.Item>
 */
export function FormSelect(props: SelectProps & { 'aria-required'?: unknown }) {
  const { 'aria-required': _required, ...select } = props;
  return <Select {...select} />;
}
