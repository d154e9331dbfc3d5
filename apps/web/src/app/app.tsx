// The app: providers around the router.
export function App() {
  return <main>Zan</main>;
}
