import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/access';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config';
import { ApiErrors, ApiOk, DOCS_PATH, OPENAPI_PATH } from '../http/openapi';

@ApiTags('server')
@Controller()
export class RootController {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'Version and API details (also in the x-app-version header of every response)' })
  @ApiOk(200, 'Welcome')
  @ApiErrors()
  welcome() {
    return {
      servicedesk: 'Welcome',
      version: this.config.version,
      api: { docs: `/${DOCS_PATH}`, openapi: OPENAPI_PATH },
    };
  }
}
