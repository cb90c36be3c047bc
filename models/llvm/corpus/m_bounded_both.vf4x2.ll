; ModuleID = 'm_bounded_both.scalar.ll'
source_filename = "c/multi.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local range(i64 -1, 100) i64 @m_bounded_both(ptr noundef readonly align 4 captures(none) dereferenceable(400) %0, i64 noundef %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = call i64 @llvm.smin.i64(i64 %1, i64 100)
  %5 = icmp sgt i64 %1, 0
  br i1 %5, label %6, label %34

6:                                                ; preds = %3
  %min.iters.check = icmp ult i64 %4, 8
  br i1 %min.iters.check, label %scalar.ph, label %vector.ph

vector.ph:                                        ; preds = %6
  %n.mod.vf = urem i64 %4, 8
  %n.vec = sub i64 %4, %n.mod.vf
  %broadcast.splatinsert = insertelement <4 x i32> poison, i32 %2, i64 0
  %broadcast.splat = shufflevector <4 x i32> %broadcast.splatinsert, <4 x i32> poison, <4 x i32> zeroinitializer
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %7 = getelementptr inbounds nuw i32, ptr %0, i64 %index
  %8 = getelementptr inbounds nuw i32, ptr %7, i64 4
  %wide.load = load <4 x i32>, ptr %7, align 4, !tbaa !5
  %wide.load1 = load <4 x i32>, ptr %8, align 4, !tbaa !5
  %9 = icmp eq <4 x i32> %wide.load, %broadcast.splat
  %10 = icmp eq <4 x i32> %wide.load1, %broadcast.splat
  %index.next = add nuw i64 %index, 8
  %11 = freeze <4 x i1> %9
  %12 = freeze <4 x i1> %10
  %13 = or <4 x i1> %11, %12
  %14 = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %13)
  %15 = icmp eq i64 %index.next, %n.vec
  %16 = or i1 %14, %15
  br i1 %16, label %middle.split, label %vector.body, !llvm.loop !9

middle.split:                                     ; preds = %vector.body
  br i1 %14, label %vector.early.exit, label %middle.block

middle.block:                                     ; preds = %middle.split
  %cmp.n = icmp eq i64 %4, %n.vec
  br i1 %cmp.n, label %32, label %scalar.ph

vector.early.exit:                                ; preds = %middle.split
  %17 = call i64 @llvm.experimental.cttz.elts.i64.v4i1(<4 x i1> %10, i1 false)
  %18 = add i64 4, %17
  %19 = call i64 @llvm.experimental.cttz.elts.i64.v4i1(<4 x i1> %9, i1 false)
  %20 = add i64 0, %19
  %21 = icmp ne i64 %19, 4
  %22 = select i1 %21, i64 %20, i64 %18
  %23 = add i64 %index, %22
  br label %32

scalar.ph:                                        ; preds = %6, %middle.block
  %bc.resume.val = phi i64 [ %n.vec, %middle.block ], [ 0, %6 ]
  br label %24

24:                                               ; preds = %scalar.ph, %29
  %25 = phi i64 [ %30, %29 ], [ %bc.resume.val, %scalar.ph ]
  %26 = getelementptr inbounds nuw i32, ptr %0, i64 %25
  %27 = load i32, ptr %26, align 4, !tbaa !5
  %28 = icmp eq i32 %27, %2
  br i1 %28, label %32, label %29

29:                                               ; preds = %24
  %30 = add nuw nsw i64 %25, 1
  %31 = icmp eq i64 %30, %4
  br i1 %31, label %32, label %24, !llvm.loop !14

32:                                               ; preds = %vector.early.exit, %middle.block, %29, %24
  %33 = phi i64 [ %25, %24 ], [ -1, %29 ], [ -1, %middle.block ], [ %23, %vector.early.exit ]
  br label %34

34:                                               ; preds = %32, %3
  %35 = phi i64 [ -1, %3 ], [ %33, %32 ]
  ret i64 %35
}

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.smin.i64(i64, i64) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i1 @llvm.vector.reduce.or.v4i1(<4 x i1>) #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.experimental.cttz.elts.i64.v4i1(<4 x i1>, i1 immarg) #2

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}
!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10, !11, !12, !13}
!10 = !{!"llvm.loop.mustprogress"}
!11 = !{!"llvm.loop.unroll.disable"}
!12 = !{!"llvm.loop.isvectorized", i32 1}
!13 = !{!"llvm.loop.unroll.runtime.disable"}
!14 = distinct !{!14, !10, !11, !12}
