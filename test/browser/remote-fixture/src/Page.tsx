import { Stack, Text, Title } from '@mantine/core';

/** The page the remote exposes: rendered inside the shell, with the shell's Mantine theme (shared singleton). */
export default function Page() {
  return (
    <Stack gap="xs">
      <Title order={2}>Hello from a federated module</Title>
      <Text data-testid="remote-hello">loaded at run time from /modules/hello/mf-manifest.json</Text>
    </Stack>
  );
}
