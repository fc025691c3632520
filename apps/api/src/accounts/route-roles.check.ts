import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import { PUBLIC_KEY, ROLES_KEY } from '../platform/http/roles.decorator.js';

/**
 * Fails the start when any endpoint declares neither @Roles nor @Public, so a new
 * endpoint can never be open by accident. (The RolesGuard also fails closed at run time.)
 */
@Injectable()
export class RouteRolesCheck implements OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onApplicationBootstrap(): void {
    const missing: string[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const instance = wrapper.instance as object | undefined;
      if (!instance) continue;
      const proto = Object.getPrototypeOf(instance) as object;
      for (const name of this.scanner.getAllMethodNames(proto)) {
        const handler = (proto as Record<string, unknown>)[name] as object;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const targets = [handler as () => void, wrapper.metatype as () => void];
        const declared =
          this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets) || this.reflector.getAllAndOverride<unknown>(ROLES_KEY, targets);
        if (!declared) missing.push(`${wrapper.name}.${name}`);
      }
    }
    if (missing.length > 0) throw new Error(`Endpoints without @Roles or @Public: ${missing.join(', ')}`);
  }
}
