; cJSON_ParseWithLengthOpts (cJSON.c): a global struct of function pointers
%struct.hooks = type { ptr, ptr, ptr }

declare ptr @malloc(i64)
declare void @free(ptr)
declare ptr @realloc(ptr, i64)

@global_hooks = internal global %struct.hooks { ptr @malloc, ptr @free, ptr @realloc }, align 8

define ptr @allocate(i64 %n) {
entry:
  %f = load ptr, ptr @global_hooks, align 8
  %null = icmp eq ptr %f, null
  %r = select i1 %null, ptr null, ptr %f
  ret ptr %r
}
