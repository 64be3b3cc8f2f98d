// placeholder until part B lands
export default function Placeholder() {
  return null;
}
