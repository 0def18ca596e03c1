// The "restricted" Pod Security Standard (https://kubernetes.io/docs/concepts/security/pod-security-standards/,
// the baseline's controls included), checked on a pod spec as the API server's admission would, plus this
// project's own two rules: no service-account token in the pod, a read-only root file system in every container.
// Used by scripts/validate-k8s.mjs.

/** Volume types the restricted level allows. */
const RESTRICTED_VOLUMES = ['configMap', 'csi', 'downwardAPI', 'emptyDir', 'ephemeral', 'persistentVolumeClaim', 'projected', 'secret'];
/** Sysctls the baseline level allows. */
const SAFE_SYSCTLS = [
  'kernel.shm_rmid_forced',
  'net.ipv4.ip_local_port_range',
  'net.ipv4.ip_unprivileged_port_start',
  'net.ipv4.tcp_syncookies',
  'net.ipv4.ping_group_range',
  'net.ipv4.ip_local_reserved_ports',
  'net.ipv4.tcp_keepalive_time',
  'net.ipv4.tcp_fin_timeout',
  'net.ipv4.tcp_keepalive_intvl',
  'net.ipv4.tcp_keepalive_probes',
];
const SELINUX_TYPES = ['container_t', 'container_init_t', 'container_kvm_t', 'container_engine_t'];

/**
 * The pod spec of a workload object (Pod, Deployment, StatefulSet, DaemonSet, ReplicaSet, Job, CronJob), or
 * undefined for other kinds.
 */
export function podSpecOf(object) {
  switch (object.kind) {
    case 'Pod':
      return object.spec;
    case 'Deployment':
    case 'StatefulSet':
    case 'DaemonSet':
    case 'ReplicaSet':
    case 'Job':
      return object.spec?.template?.spec;
    case 'CronJob':
      return object.spec?.jobTemplate?.spec?.template?.spec;
    default:
      return undefined;
  }
}

/** @returns one line per violation of the restricted level (or of the two project rules) in `spec`, a pod spec. */
export function restrictedViolations(spec) {
  const problems = [];
  const pod = spec.securityContext ?? {};
  const containers = [
    ...(spec.initContainers ?? []).map((container) => ({ kind: 'initContainers', container })),
    ...(spec.containers ?? []).map((container) => ({ kind: 'containers', container })),
    ...(spec.ephemeralContainers ?? []).map((container) => ({ kind: 'ephemeralContainers', container })),
  ];
  const where = ({ kind, container }) => `${kind}[${container.name}]`;

  // Baseline: host namespaces, host ports, hostPath, privileged, capabilities, AppArmor, SELinux, /proc, seccomp, sysctls.
  for (const field of ['hostNetwork', 'hostPID', 'hostIPC']) if (spec[field] === true) problems.push(`${field} must not be true`);
  if (pod.windowsOptions?.hostProcess === true) problems.push('securityContext.windowsOptions.hostProcess must not be true');
  for (const volume of spec.volumes ?? []) {
    const type = Object.keys(volume).find((key) => key !== 'name');
    if (!RESTRICTED_VOLUMES.includes(type)) problems.push(`volume ${volume.name}: type ${type} is not allowed`);
  }
  for (const sysctl of pod.sysctls ?? [])
    if (!SAFE_SYSCTLS.includes(sysctl.name)) problems.push(`securityContext.sysctls: ${sysctl.name} is not allowed`);
  for (const [place, context] of [
    ['securityContext', pod],
    ...containers.map((entry) => [`${where(entry)}.securityContext`, entry.container.securityContext ?? {}]),
  ]) {
    if (context.seLinuxOptions?.type && !SELINUX_TYPES.includes(context.seLinuxOptions.type))
      problems.push(`${place}.seLinuxOptions.type ${context.seLinuxOptions.type} is not allowed`);
    if (context.seLinuxOptions?.user || context.seLinuxOptions?.role) problems.push(`${place}.seLinuxOptions: user and role must be unset`);
    if (context.appArmorProfile?.type === 'Unconfined') problems.push(`${place}.appArmorProfile must not be Unconfined`);
    if (context.seccompProfile?.type === 'Unconfined') problems.push(`${place}.seccompProfile must not be Unconfined`);
    if (context.runAsUser === 0) problems.push(`${place}.runAsUser must not be 0`);
    if (context.runAsNonRoot === false) problems.push(`${place}.runAsNonRoot must not be false`);
  }

  // Restricted: seccomp and non-root on the pod or on every container.
  const seccompOf = (context) => context?.seccompProfile?.type;
  const podSeccomp = ['RuntimeDefault', 'Localhost'].includes(seccompOf(pod));
  const podNonRoot = pod.runAsNonRoot === true;
  for (const entry of containers) {
    const { container } = entry;
    const context = container.securityContext ?? {};
    const name = where(entry);
    if (!podSeccomp && !['RuntimeDefault', 'Localhost'].includes(seccompOf(context)))
      problems.push(`${name}: seccompProfile.type must be RuntimeDefault or Localhost (pod or container)`);
    if (!podNonRoot && context.runAsNonRoot !== true) problems.push(`${name}: runAsNonRoot must be true (pod or container)`);
    if (context.privileged === true) problems.push(`${name}: privileged must not be true`);
    if (context.allowPrivilegeEscalation !== false) problems.push(`${name}: allowPrivilegeEscalation must be false`);
    if (!(context.capabilities?.drop ?? []).includes('ALL')) problems.push(`${name}: capabilities.drop must include ALL`);
    for (const capability of context.capabilities?.add ?? [])
      if (capability !== 'NET_BIND_SERVICE') problems.push(`${name}: capabilities.add ${capability} is not allowed`);
    if (context.procMount !== undefined && context.procMount !== 'Default') problems.push(`${name}: procMount must be Default`);
    for (const port of container.ports ?? []) if (port.hostPort) problems.push(`${name}: hostPort ${port.hostPort} is not allowed`);
    // This project's rules.
    if (context.readOnlyRootFilesystem !== true) problems.push(`${name}: readOnlyRootFilesystem must be true`);
  }
  if (spec.automountServiceAccountToken !== false) problems.push('automountServiceAccountToken must be false');
  return problems;
}
