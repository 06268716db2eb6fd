// @app/module-kit: the frame every module remote is built from (docs/modules.md, "The remote"). Its build preset is
// `@app/module-kit/build` and its test helper `@app/module-kit/testing`.
export * from './frame/routes';
export * from './frame/module-context';
export * from './frame/module-page';
export * from './frame/texts';
export * from './components/ErrorBanner';
export * from './components/QueryList';
export * from './components/PageHeader';
export * from './components/FormActions';
export * from './components/Pager';
export * from './components/DeleteDialog';
export * from './components/RecordPending';
export * from './components/ModuleNav';
export * from './data/invalidate';
