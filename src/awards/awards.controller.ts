import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';

import { Authenticated, Public } from '../common/authenticated.decorator.js';
import { AccountIdPipe } from '../common/account-id.pipe.js';
import { SerialIdPipe } from '../http/id-param.pipe.js';
import { IdempotentWrite } from '../idempotency/idempotent-write.decorator.js';
import { ApiErrors, ApiSuccess } from '../openapi/api-responses.decorator.js';
import { AwardDetailsSchema } from '../read-model/schemas/award-details.schema.js';
import { AwardSchema } from '../read-model/schemas/award.schema.js';
import { Permission } from '../permissions/permission.js';
import type { AwardDetailsResource, AwardResource } from '../read-model/resources.js';
import { AwardsService } from './awards.service.js';
import { CreateAwardDto } from './dto/create-award.dto.js';
import { UpdateAwardDto } from './dto/update-award.dto.js';
import { ReplicaRead } from '../database/replicas/replica-read.decorator.js';

const AwardId = () => Param('award', new SerialIdPipe('Award'));
const AccountId = () => Param('account', AccountIdPipe);

/** 208 Already Reported: `PUT /account/{account}/award/{award}` when the award was already held (docs/api.md#routes-awards). */
const ALREADY_REPORTED = 208;

/** The status of `PUT /account/{account}/award/{award}`: 201 when `given`, else 208. */
const giveStatus = (given: boolean): number => (given ? 201 : ALREADY_REPORTED);

/** Award endpoints of docs/api.md#routes-awards; every write needs `manage_awards` (docs/api.md#permissions). */
@ApiTags('awards')
@Controller()
export class AwardsController {
  constructor(private readonly awards: AwardsService) {}

  @ApiOperation({
    summary: 'Create an award and give it to accounts',
    description:
      'Needs `manage_awards`. Creates an award for a team and gives it to the accounts listed (possibly none). One 422 names every unknown account and an unknown team together; nothing is written then.',
  })
  @ApiSuccess(201, AwardSchema)
  @ApiErrors([422], { 422: 'Invalid input, or a team or account that does not exist.' })
  @Post('awards/new')
  @HttpCode(201)
  @IdempotentWrite()
  @Authenticated({ permission: Permission.ManageAwards })
  create(@Body() body: CreateAwardDto): Promise<AwardResource> {
    return this.awards.create(body);
  }

  @ApiOperation({
    summary: 'Get an award with its holders and team',
    description:
      'Public. The award, the accounts holding it (by name, then id) and its team (null when it has none); 422 when it does not exist.',
  })
  @ApiSuccess(200, AwardDetailsSchema)
  @ApiErrors([422], { 422: 'Invalid id, or no such award.' })
  @Get('award/:award')
  @ReplicaRead()
  @Public()
  get(@AwardId() id: number): Promise<AwardDetailsResource> {
    return this.awards.get(id);
  }

  @ApiOperation({
    summary: 'Update an award',
    description: 'Needs `manage_awards`. Changes the title, image or team given (`team` 0 or null: no team). 422 when it does not exist.',
  })
  @ApiSuccess(200, AwardSchema)
  @ApiErrors([422])
  @Patch('award/:award')
  @Authenticated({ permission: Permission.ManageAwards })
  @IdempotentWrite()
  update(@AwardId() id: number, @Body() body: UpdateAwardDto): Promise<AwardResource> {
    return this.awards.update(id, body);
  }

  @ApiOperation({
    summary: 'Delete an award',
    description: 'Needs `manage_awards`. Deletes the award and every holding of it. 422 when it does not exist.',
  })
  @ApiSuccess(204)
  @ApiErrors([422], { 422: 'Invalid id, or no such award.' })
  @Delete('award/:award')
  @HttpCode(204)
  @Authenticated({ permission: Permission.ManageAwards })
  async delete(@AwardId() id: number): Promise<void> {
    await this.awards.delete(id);
  }

  /** 201 with no content when given, 208 when the account already held the award. */
  @ApiOperation({
    summary: 'Give an award to an account',
    description:
      'Needs `manage_awards`. 201 when the award was given, 208 when the account already held it; 422 naming the account, the award, or both when not found.',
  })
  @ApiSuccess(201, undefined, 'Given, no content.')
  @ApiSuccess(208, undefined, 'The account already had the award, no content.')
  @ApiErrors([422], { 422: 'No such account or award.' })
  @Put('account/:account/award/:award')
  @Authenticated({ permission: Permission.ManageAwards })
  @IdempotentWrite({ answer: (given: boolean) => ({ status: giveStatus(given) }) })
  async give(@AccountId() accountId: string, @AwardId() awardId: number, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const given = await this.awards.give(accountId, awardId);
    void reply.status(giveStatus(given));
  }

  @ApiOperation({
    summary: 'Take an award from an account',
    description:
      'Needs `manage_awards`. 204 when taken; 404 when the account did not hold it; 422 naming the account or the award when not found.',
  })
  @ApiSuccess(204)
  @ApiErrors([404, 422], { 404: 'The account did not have the award.', 422: 'No such account or award.' })
  @Delete('account/:account/award/:award')
  @HttpCode(204)
  @Authenticated({ permission: Permission.ManageAwards })
  async take(@AccountId() accountId: string, @AwardId() awardId: number): Promise<void> {
    await this.awards.take(accountId, awardId);
  }
}
