import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CsvAnalyseRequest, subject } from '@app/proto';
import { parseRequest } from '@app/platform';
import { ImportAnalysis } from './import-analysis';

// finance.import.analyse: what a just uploaded statement looks like (the column matching step of wallets-upload).
@Controller()
export class ImportsController {
  constructor(private readonly analysis: ImportAnalysis) {}

  @MessagePattern(subject('finance.import.analyse'))
  analyse(@Payload() req: unknown) {
    return this.analysis.analyse(parseRequest(CsvAnalyseRequest, req));
  }
}
