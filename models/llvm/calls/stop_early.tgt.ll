; stop_early.src.ll's loop stopped after 16 iterations (a target that takes the load
; of g[16] for certain UB). It claims foo returns (`willreturn`): a target assumes
; nothing its source does not, so the claim is checked, not used.
@g = global [16 x i32] zeroinitializer

declare void @foo(i64) nounwind willreturn memory(inaccessiblemem: readwrite)

define i32 @sum(i64 %n) {
entry:
  %e = icmp sgt i64 %n, 0
  br i1 %e, label %loop, label %done
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  call void @foo(i64 %i)
  %p = getelementptr inbounds [16 x i32], ptr @g, i64 0, i64 %i
  %v = load i32, ptr %p
  %s.next = add i32 %s, %v
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  %inside = icmp slt i64 %i.next, 16
  %c = and i1 %more, %inside
  br i1 %c, label %loop, label %done
done:
  %r = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  ret i32 %r
}
