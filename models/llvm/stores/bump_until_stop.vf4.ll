; bump_until_stop.scalar.ll vectorized at VF 4 the way LLVM's trunk does an early-exit
; loop with stores (#178454, #205109), written out by hand: the stop flags of 4
; elements are loaded first; the lanes before the first stopping one (cttz.elts of
; the frozen flags, then get.active.lane.mask) are loaded and stored under that mask;
; if a lane stops, the scalar loop runs from it, doing its store and leaving.
define void @bump_until_stop(ptr noalias readonly align 4 dereferenceable(32) %in, ptr noalias align 4 dereferenceable(32) %dst, ptr readonly align 4 dereferenceable(32) %stop) {
entry:
  br label %vector.body

vector.body:
  %index = phi i64 [ 0, %entry ], [ %index.next, %vector.body ]
  %stop.v = getelementptr inbounds nuw i32, ptr %stop, i64 %index
  %flags = load <4 x i32>, ptr %stop.v, align 4
  %stops = icmp ne <4 x i32> %flags, zeroinitializer
  %stops.fr = freeze <4 x i1> %stops
  %first = call i64 @llvm.experimental.cttz.elts.i64.v4i1(<4 x i1> %stops.fr, i1 false)
  %before = call <4 x i1> @llvm.get.active.lane.mask.v4i1.i64(i64 0, i64 %first)
  %in.v = getelementptr inbounds nuw i32, ptr %in, i64 %index
  %x = call <4 x i32> @llvm.masked.load.v4i32.p0(ptr align 4 %in.v, <4 x i1> %before, <4 x i32> poison)
  %y = add nsw <4 x i32> %x, splat (i32 1)
  %dst.v = getelementptr inbounds nuw i32, ptr %dst, i64 %index
  call void @llvm.masked.store.v4i32.p0(<4 x i32> %y, ptr align 4 %dst.v, <4 x i1> %before)
  %any = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %stops.fr)
  %index.next = add nuw i64 %index, 4
  %at.end = icmp eq i64 %index.next, 8
  %leave = or i1 %any, %at.end
  br i1 %leave, label %middle, label %vector.body

middle:
  %resume = add i64 %index, %first
  %all = icmp eq i64 %resume, 8
  br i1 %all, label %done, label %scalar

scalar:
  %i = phi i64 [ %resume, %middle ], [ %i.next, %scalar ]
  %in.at = getelementptr inbounds nuw i32, ptr %in, i64 %i
  %xs = load i32, ptr %in.at, align 4
  %ys = add nsw i32 %xs, 1
  %dst.at = getelementptr inbounds nuw i32, ptr %dst, i64 %i
  store i32 %ys, ptr %dst.at, align 4
  %stop.at = getelementptr inbounds nuw i32, ptr %stop, i64 %i
  %s = load i32, ptr %stop.at, align 4
  %stops.s = icmp ne i32 %s, 0
  %i.next = add nuw nsw i64 %i, 1
  %last = icmp eq i64 %i.next, 8
  %leave.s = select i1 %stops.s, i1 true, i1 %last
  br i1 %leave.s, label %done, label %scalar

done:
  ret void
}
