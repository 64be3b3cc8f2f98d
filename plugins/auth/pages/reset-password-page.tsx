// placeholder until part A builds this screen
export default function Placeholder() {
  return null;
}
