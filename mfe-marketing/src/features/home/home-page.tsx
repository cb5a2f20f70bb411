export default function HomePage() {
  return (
    <section className="card">
      <h1 className="page-heading">請求書買取</h1>
      <p data-build-label={__BUILD_LABEL__}>準備中</p>
    </section>
  );
}
