import { Center, Loader } from '@mantine/core';

export function PageLoader() {
  return (
    <Center mih={200}>
      <Loader size="sm" />
    </Center>
  );
}
