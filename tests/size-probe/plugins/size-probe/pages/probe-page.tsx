export default function ProbePage() {
  return <h1>size-probe</h1>;
}
