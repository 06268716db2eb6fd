// The async boundary Module Federation needs: shared modules are negotiated before the app's code runs.
import('./bootstrap').catch((err: unknown) => {
  // the app's code could not be fetched or failed to start (a release replaced the files, the network dropped): the
  // page says so instead of staying blank, in the browser's language (the app's texts are part of what failed)
  console.error('the app could not be loaded', err);
  const root = document.getElementById('root');
  if (root && !root.hasChildNodes()) {
    root.textContent = navigator.language.toLowerCase().startsWith('pt')
      ? 'Não foi possível carregar o ServiceDesk. Recarregue a página para tentar de novo.'
      : 'ServiceDesk could not be loaded. Reload the page to try again.';
  }
});
