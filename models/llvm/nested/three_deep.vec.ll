; ModuleID = 'three_deep.scalar.ll'
source_filename = "c/three_deep.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@tab = dso_local local_unnamed_addr global [64 x i32] zeroinitializer, align 16

; Function Attrs: nofree norecurse nosync nounwind memory(read, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable
define dso_local i32 @three_deep(ptr noundef readonly captures(none) %0, i32 noundef %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = icmp sgt i32 %2, 0
  br i1 %4, label %5, label %14

5:                                                ; preds = %3
  %6 = icmp sgt i32 %1, 0
  %7 = zext nneg i32 %1 to i64
  br label %8

8:                                                ; preds = %31, %5
  %9 = phi i32 [ 0, %5 ], [ %33, %31 ]
  %10 = phi i32 [ 0, %5 ], [ %32, %31 ]
  br i1 %6, label %11, label %31

11:                                               ; preds = %8
  br label %16

12:                                               ; preds = %31
  %13 = phi i32 [ %32, %31 ]
  br label %14

14:                                               ; preds = %12, %3
  %15 = phi i32 [ 0, %3 ], [ %13, %12 ]
  ret i32 %15

16:                                               ; preds = %38, %11
  %17 = phi i64 [ %41, %38 ], [ 0, %11 ]
  %18 = phi i32 [ %40, %38 ], [ %10, %11 ]
  %19 = getelementptr inbounds nuw i32, ptr %0, i64 %17
  %20 = load i32, ptr %19, align 4, !tbaa !5
  br label %vector.ph

vector.ph:                                        ; preds = %16
  %broadcast.splatinsert = insertelement <4 x i32> poison, i32 %20, i64 0
  %broadcast.splat = shufflevector <4 x i32> %broadcast.splatinsert, <4 x i32> poison, <4 x i32> zeroinitializer
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %21 = getelementptr inbounds nuw i32, ptr @tab, i64 %index
  %wide.load = load <4 x i32>, ptr %21, align 4, !tbaa !5
  %22 = icmp eq <4 x i32> %wide.load, %broadcast.splat
  %index.next = add nuw i64 %index, 4
  %23 = freeze <4 x i1> %22
  %24 = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %23)
  %25 = icmp eq i64 %index.next, 64
  %26 = or i1 %24, %25
  br i1 %26, label %middle.split, label %vector.body, !llvm.loop !9

middle.split:                                     ; preds = %vector.body
  br i1 %24, label %vector.early.exit, label %middle.block

middle.block:                                     ; preds = %middle.split
  br label %37

vector.early.exit:                                ; preds = %middle.split
  %27 = call i64 @llvm.experimental.cttz.elts.i64.v4i1(<4 x i1> %22, i1 false)
  %28 = add i64 %index, %27
  br label %35

29:                                               ; preds = %38
  %30 = phi i32 [ %40, %38 ]
  br label %31

31:                                               ; preds = %29, %8
  %32 = phi i32 [ %10, %8 ], [ %30, %29 ]
  %33 = add nuw nsw i32 %9, 1
  %34 = icmp eq i32 %33, %2
  br i1 %34, label %12, label %8, !llvm.loop !14

35:                                               ; preds = %vector.early.exit
  %36 = trunc nuw nsw i64 %28 to i32
  br label %38

37:                                               ; preds = %middle.block
  br label %38

38:                                               ; preds = %37, %35
  %39 = phi i32 [ %36, %35 ], [ 64, %37 ]
  %40 = add nsw i32 %39, %18
  %41 = add nuw nsw i64 %17, 1
  %42 = icmp eq i64 %41, %7
  br i1 %42, label %29, label %16, !llvm.loop !15
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i1 @llvm.vector.reduce.or.v4i1(<4 x i1>) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.experimental.cttz.elts.i64.v4i1(<4 x i1>, i1 immarg) #1

attributes #0 = { nofree norecurse nosync nounwind memory(read, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

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
!14 = distinct !{!14, !10, !11}
!15 = distinct !{!15, !10, !11}
