; issue 58: UB is no time machine. The loop calls foo(i) and then loads g[i] from a
; global of 16 elements, for i < n. foo has no `willreturn`: it may end the program,
; so with n = 17 the run may end inside foo(16) with 17 calls made, and the load of
; g[16] after it is not certain UB. stop_early.tgt.ll stops after 16 iterations
; without the 17th call: a counterexample (the run that ends inside foo(16)).
@g = global [16 x i32] zeroinitializer

declare void @foo(i64) nounwind memory(inaccessiblemem: readwrite)

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
  %c = icmp slt i64 %i.next, %n
  br i1 %c, label %loop, label %done
done:
  %r = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  ret i32 %r
}
