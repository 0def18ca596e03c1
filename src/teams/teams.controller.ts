import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';

import { Authenticated, Public } from '../auth/authenticated.decorator.js';
import { CurrentPrincipal } from '../auth/current-principal.decorator.js';
import type { Principal } from '../auth/principal.js';
import { SerialIdPipe } from '../http/id-param.pipe.js';
import type { Page } from '../http/pagination.js';
import { Permission } from '../permissions/permission.js';
import type { TeamResource } from '../serialization/resources.js';
import { CreateTeamDto } from './dto/create-team.dto.js';
import { SearchTeamsQuery } from './dto/search-teams.query.js';
import { UpdateTeamDto } from './dto/update-team.dto.js';
import { TeamsService } from './teams.service.js';

const TeamId = () => Param('team', new SerialIdPipe('Team'));

/** Team endpoints of interface §4.2. */
@Controller()
export class TeamsController {
  constructor(private readonly teams: TeamsService) {}

  @Post('teams/new')
  @HttpCode(201)
  @Authenticated({ permission: Permission.ManageTeams })
  create(@Body() body: CreateTeamDto): Promise<TeamResource> {
    return this.teams.create(body.name);
  }

  @Get('teams/search')
  @Public()
  search(@Query() query: SearchTeamsQuery): Promise<Page<TeamResource>> {
    return this.teams.search(query);
  }

  @Get('team/:team')
  @Public()
  get(@TeamId() id: number): Promise<TeamResource> {
    return this.teams.get(id);
  }

  @Patch('team/:team')
  @Authenticated()
  update(@TeamId() id: number, @Body() body: UpdateTeamDto, @CurrentPrincipal() caller: Principal): Promise<TeamResource> {
    return this.teams.update(caller, id, body.name);
  }

  @Delete('team/:team')
  @HttpCode(204)
  @Authenticated()
  async delete(@TeamId() id: number, @CurrentPrincipal() caller: Principal): Promise<void> {
    await this.teams.delete(caller, id);
  }
}
