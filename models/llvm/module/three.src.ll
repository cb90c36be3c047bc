; A module of three functions, for whole-module runs (`verifier equiv` and
; `verifier check` without --func): one early-exit loop and two without loops.
define i64 @find(ptr noundef readonly align 1 dereferenceable(64) %a, i8 noundef %c) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %p = getelementptr inbounds nuw i8, ptr %a, i64 %i
  %x = load i8, ptr %p, align 1
  %hit = icmp eq i8 %x, %c
  br i1 %hit, label %exit, label %latch

latch:
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 64
  br i1 %done, label %exit, label %loop

exit:
  %r = phi i64 [ %i, %loop ], [ 64, %latch ]
  ret i64 %r
}

define i32 @add(i32 noundef %x, i32 noundef %y) {
  %s = add nsw i32 %x, %y
  ret i32 %s
}

define i32 @diff(i32 noundef %x, i32 noundef %y) {
  %d = sub i32 %x, %y
  ret i32 %d
}
